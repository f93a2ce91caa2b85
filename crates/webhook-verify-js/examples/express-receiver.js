'use strict';
// A webhook receiver in Express: verify the raw body, deduplicate, then process.
//
//   npm install express
//   WEBHOOK_SECRET=whsec_... node examples/express-receiver.js       # workflow deliveries
//   WEBHOOK_FORMAT=campaign PRODUCT_NAME=Service WEBHOOK_SECRET=... node examples/express-receiver.js
//
// Listens on 127.0.0.1:$PORT (default 3000; 0 picks a free port) at POST /webhooks, prints
// `listening on <addr>` on stdout, then `processed <id>` on stderr once per delivery it processes.

const express = require('express');
const { DeliveryFormat, Deduplicator, Verifier, VerifyError } = require('..');

function createApp(format, secret, processEvent) {
  const verifier = new Verifier(format, secret);
  const dedupe = Deduplicator.inMemory(format);
  const app = express();
  // express.raw, not express.json: the signature covers the bytes as sent, and a parsed and
  // re-serialised body is different bytes. `type: '*/*'` so no content type skips it.
  app.post('/webhooks', express.raw({ type: '*/*', limit: '1mb' }), (req, res, next) => {
    let delivery;
    try {
      delivery = verifier.verify(req.body, req.headers);
    } catch (e) {
      if (!(e instanceof VerifyError)) return next(e);
      console.error(`rejected delivery: ${e.message}`);
      return res.status(e.code === 'signature_mismatch' ? 401 : 400).json({ code: e.code, detail: e.message });
    }
    // Only after verifying: the id header is not signed.
    if (!dedupe.claim(delivery.id)) return res.status(200).json({ status: 'duplicate' });
    try {
      processEvent(delivery.id, JSON.parse(req.body));
    } catch (e) {
      dedupe.forget(delivery.id); // answer 500 so the sender retries, and process the retry
      return next(e);
    }
    return res.status(200).json({ status: 'processed' });
  });
  return app;
}

if (require.main === module) {
  const format =
    process.env.WEBHOOK_FORMAT === 'campaign'
      ? DeliveryFormat.campaign(process.env.PRODUCT_NAME || 'Service')
      : DeliveryFormat.workflow();
  const app = createApp(format, process.env.WEBHOOK_SECRET, (id) => console.error(`processed ${id}`));
  const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
    console.log(`listening on 127.0.0.1:${server.address().port}`);
  });
}

module.exports = { createApp };
