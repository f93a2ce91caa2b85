// @hey-api/openapi-ts's settings for both TypeScript clients. `cargo xtask clients` names the
// document and the output folder; imports carry `.js` so the compiled ES modules load in Node
// and in bundlers alike.
export default {
  input: process.env.OPENAPI_DOCUMENT,
  output: { path: process.env.OPENAPI_OUTPUT, importFileExtension: '.js' },
  // The client's `createClient` and default `client` are exported beside the operations.
  plugins: [{ name: '@hey-api/client-fetch', includeInEntry: true }],
};
