"""Prints the PromQL queries of a Grafana dashboard or a Prometheus rules file, one per line,
for `cargo xtask deploy-check` to check their metric names. Fails (exit 1) on a structural
fault: JSON or YAML that does not parse, a panel without queries, an alert without a summary
or description. Run by the deploy tools' Python (PyYAML installed there).

usage: queries.py grafana <dashboard.json> <schemaVersion> | queries.py rules <alerts.yaml>
"""
import json
import re
import sys

import yaml

errors = []


def grafana(path, schema_version):
    with open(path, encoding="utf-8") as f:
        dashboard = json.load(f)
    if dashboard.get("schemaVersion") != schema_version:
        errors.append(f"schemaVersion is {dashboard.get('schemaVersion')}, expected {schema_version}")
    panels = []
    for panel in dashboard.get("panels", []):
        panels.append(panel)
        panels.extend(panel.get("panels", []))  # panels inside collapsed rows
    if not any(p.get("type") != "row" for p in panels):
        errors.append("no panels")
    for panel in panels:
        if panel.get("type") == "row":
            continue
        title = panel.get("title", f"panel {panel.get('id')}")
        targets = panel.get("targets", [])
        if not targets:
            errors.append(f"panel {title!r} has no queries")
        for target in targets:
            if not target.get("expr", "").strip():
                errors.append(f"panel {title!r} has a query without an expression")
            else:
                yield target["expr"]
    for variable in dashboard.get("templating", {}).get("list", []):
        query = variable.get("query")
        if isinstance(query, dict):
            query = query.get("query")
        if variable.get("type") == "query" and isinstance(query, str):
            # label_values(<selector>, <label>): the selector is PromQL, the label is not.
            m = re.fullmatch(r"\s*label_values\((.*),\s*[A-Za-z_][A-Za-z0-9_]*\s*\)\s*", query)
            yield m.group(1) if m else query


def rules(path):
    with open(path, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    for group in doc.get("groups", []):
        for rule in group.get("rules", []):
            name = rule.get("alert") or rule.get("record")
            if "alert" in rule:
                annotations = rule.get("annotations") or {}
                for key in ("summary", "description"):
                    if not str(annotations.get(key, "")).strip():
                        errors.append(f"alert {name} has no {key} annotation")
                if not (rule.get("labels") or {}).get("severity"):
                    errors.append(f"alert {name} has no severity label")
            yield rule["expr"]


def main():
    kind, path = sys.argv[1], sys.argv[2]
    exprs = list(grafana(path, int(sys.argv[3])) if kind == "grafana" else rules(path))
    for expr in exprs:
        print(" ".join(expr.split()))
    for error in errors:
        print(f"{path}: {error}", file=sys.stderr)
    sys.exit(1 if errors else 0)


main()
