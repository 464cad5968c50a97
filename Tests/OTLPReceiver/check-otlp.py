#!/usr/bin/env python3
"""Parses OTLP/HTTP JSON request bodies (JSON Lines on standard input) with the generated
classes of PyPI's opentelemetry-proto, as a collector would, and prints what they hold as one
JSON object for the Swift tests to compare with the snapshot.

With `--serve LOG [STATUS[:RETRY_AFTER] ...]` it is a collector on 127.0.0.1 instead: it
prints its port, answers each POST with the next scripted status (then 200), parses every
body it takes the same way, and appends a line per request to LOG: the status it answered,
the spans the body held, the path and the Authorization header; the bodies it answered 2xx go
to LOG.bodies, a line each.

The OTLP/HTTP JSON encoding writes trace and span ids as lowercase hex, where protobuf's own
JSON mapping expects base64: the ids are converted (and checked to be hex of the right
length) first, as the specification documents. Unknown fields are errors."""
import base64, json, sys

from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest


def hex_to_base64(value, length, what):
    if len(value) != 2 * length or value != value.lower() or any(c not in "0123456789abcdef" for c in value):
        raise SystemExit(f"{what}: expected {2 * length} lowercase hex digits, found {value!r}")
    return base64.b64encode(bytes.fromhex(value)).decode()


def value_of(any_value):
    kind = any_value.WhichOneof("value")
    if kind == "array_value":
        return [value_of(v) for v in any_value.array_value.values]
    return getattr(any_value, kind)


def parse(line, number, spans, resources):
    body = json.loads(line)
    for resource_spans in body.get("resourceSpans", []):
        for scope_spans in resource_spans.get("scopeSpans", []):
            for span in scope_spans.get("spans", []):
                span["traceId"] = hex_to_base64(span["traceId"], 16, f"line {number} traceId")
                span["spanId"] = hex_to_base64(span["spanId"], 8, f"line {number} spanId")
                if "parentSpanId" in span:
                    span["parentSpanId"] = hex_to_base64(span["parentSpanId"], 8, f"line {number} parentSpanId")
                for link in span.get("links", []):
                    link["traceId"] = hex_to_base64(link["traceId"], 16, f"line {number} link traceId")
                    link["spanId"] = hex_to_base64(link["spanId"], 8, f"line {number} link spanId")
    request = json_format.ParseDict(body, ExportTraceServiceRequest(), ignore_unknown_fields=False)
    for resource_spans in request.resource_spans:
        resources.append({a.key: value_of(a.value) for a in resource_spans.resource.attributes})
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                spans.append({
                    "traceId": span.trace_id.hex(),
                    "spanId": span.span_id.hex(),
                    "parentSpanId": span.parent_span_id.hex() or None,
                    "name": span.name,
                    "kind": span.kind,
                    "start": span.start_time_unix_nano,
                    "end": span.end_time_unix_nano,
                    "attributes": {a.key: value_of(a.value) for a in span.attributes},
                    "links": [{"traceId": link.trace_id.hex(), "spanId": link.span_id.hex(),
                               "attributes": {a.key: value_of(a.value) for a in link.attributes}}
                              for link in span.links],
                })


def serve(log, script):
    import http.server

    class Collector(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
            status, retry = (script.pop(0) if script else (200, None))
            spans, resources = [], []
            parse(body, 1, spans, resources)
            with open(log, "a") as out:
                out.write(json.dumps({"status": status, "spans": len(spans), "path": self.path,
                                      "authorization": self.headers.get("Authorization"),
                                      "contentType": self.headers.get("Content-Type")}) + "\n")
            if 200 <= status < 300:
                with open(log + ".bodies", "a") as out:
                    out.write(body.strip() + "\n")
            self.send_response(status)
            if retry is not None:
                self.send_header("Retry-After", str(retry))
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *arguments):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Collector)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if len(sys.argv) > 2 and sys.argv[1] == "--serve":
    script = []
    for item in sys.argv[3:]:
        status, _, retry = item.partition(":")
        script.append((int(status), int(retry) if retry else None))
    serve(sys.argv[2], script)
else:
    spans, resources = [], []
    for number, line in enumerate(sys.stdin, 1):
        if line.strip():
            parse(line, number, spans, resources)
    json.dump({"requests": len(resources), "resources": resources, "spans": spans}, sys.stdout)
