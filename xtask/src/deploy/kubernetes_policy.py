"""Checks what deploy/kubernetes/ must say beyond the schema (which kubernetes-validate checks):
probes, resources, security contexts, grace period, secrets by reference, a Service for each
API and a PodDisruptionBudget for every Deployment. Prints each violation; exit 1 if any.
Run by `cargo xtask deploy-check` with the deploy tools' Python (PyYAML installed there).

usage: kubernetes_policy.py <manifest.yaml>...
"""
import sys

import yaml

# Secrets each service's processes read, by service name (app.kubernetes.io/name).
SECRETS = {
    "workflow-api": {"DATABASE_URL", "MASTER_KEYS", "JWT_SECRET"},
    "campaign-api": {"DATABASE_URL", "MASTER_KEYS"},
}
errors = []


def check(cond, where, what):
    if not cond:
        errors.append(f"{where}: {what}")


def selects(selector, labels):
    return all(labels.get(k) == v for k, v in selector.items())


def main():
    objects = []
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            objects.extend(o for o in yaml.safe_load_all(f) if o)
    by_kind = {}
    for o in objects:
        by_kind.setdefault(o["kind"], []).append(o)
    configmaps = {o["metadata"]["name"] for o in by_kind.get("ConfigMap", [])}
    secret_keys = {o["metadata"]["name"]: set(o.get("stringData", {})) | set(o.get("data", {}))
                   for o in by_kind.get("Secret", [])}
    roles = {}
    for d in by_kind.get("Deployment", []):
        where = f"Deployment {d['metadata']['name']}"
        pod = d["spec"]["template"]
        labels = pod["metadata"]["labels"]
        service = labels.get("app.kubernetes.io/name")
        spec = pod["spec"]
        check(service in SECRETS, where, f"unknown app.kubernetes.io/name {service!r}")
        check(spec.get("terminationGracePeriodSeconds") == 40, where, "terminationGracePeriodSeconds must be 40")
        psc = spec.get("securityContext", {})
        check(psc.get("runAsNonRoot") is True, where, "pod securityContext.runAsNonRoot must be true")
        check(psc.get("seccompProfile", {}).get("type") == "RuntimeDefault", where, "seccompProfile RuntimeDefault")
        for c in spec["containers"]:
            cw = f"{where} container {c['name']}"
            env = {e["name"]: e for e in c.get("env", [])}
            role = env.get("ROLE", {}).get("value")
            check(role in ("api", "worker"), cw, "ROLE must be api or worker")
            roles.setdefault(service, []).append(role)
            check(labels.get("app.kubernetes.io/component") == role, cw, "component label must equal ROLE")
            for name in sorted(SECRETS.get(service, ())):
                ref = env.get(name, {}).get("valueFrom", {}).get("secretKeyRef")
                check(ref is not None, cw, f"{name} must come from a secretKeyRef")
                if ref:
                    check(ref.get("key") in secret_keys.get(ref.get("name"), set()), cw,
                          f"{name}: secret {ref.get('name')} has no key {ref.get('key')} in example/secrets.yaml")
            for e in env.values():
                check("value" not in e or e["name"] not in SECRETS.get(service, ()), cw, f"{e['name']} given as a literal")
            for src in c.get("envFrom", []):
                name = src.get("configMapRef", {}).get("name")
                check(name in configmaps, cw, f"envFrom names ConfigMap {name!r}, which is not defined")
            check(c.get("livenessProbe", {}).get("httpGet", {}).get("path") == "/livez", cw, "livenessProbe GET /livez")
            check(c.get("readinessProbe", {}).get("httpGet", {}).get("path") == "/readyz", cw, "readinessProbe GET /readyz")
            res = c.get("resources", {})
            check(res.get("requests", {}).get("memory") == "64Mi", cw, "memory request 64Mi")
            check(res.get("requests", {}).get("cpu") == "100m", cw, "cpu request 100m")
            check(res.get("limits", {}).get("memory") == "256Mi", cw, "memory limit 256Mi")
            sc = c.get("securityContext", {})
            check(sc.get("readOnlyRootFilesystem") is True, cw, "readOnlyRootFilesystem must be true")
            check(sc.get("allowPrivilegeEscalation") is False, cw, "allowPrivilegeEscalation must be false")
            check(sc.get("capabilities", {}).get("drop") == ["ALL"], cw, "capabilities must drop ALL")
            ports = {p.get("name") for p in c.get("ports", [])}
            if role == "api":
                services = [s for s in by_kind.get("Service", []) if selects(s["spec"]["selector"], labels)]
                check(len(services) == 1, where, "needs exactly one Service selecting its pods")
                for s in services:
                    for p in s["spec"]["ports"]:
                        check(p.get("targetPort") in ports, f"Service {s['metadata']['name']}",
                              f"targetPort {p.get('targetPort')!r} is not a container port of {d['metadata']['name']}")
        pdbs = [p for p in by_kind.get("PodDisruptionBudget", [])
                if selects(p["spec"]["selector"]["matchLabels"], labels)]
        check(len(pdbs) == 1, where, "needs exactly one PodDisruptionBudget selecting its pods")
    for service in SECRETS:
        check(sorted(roles.get(service, [])) == ["api", "worker"], service,
              "needs one Deployment with ROLE=api and one with ROLE=worker")
    for error in errors:
        print(error, file=sys.stderr)
    sys.exit(1 if errors else 0)


main()
