#!/usr/bin/env python3
"""Parses OTLP/HTTP JSON request bodies (JSON Lines on standard input) with the generated
classes of PyPI's opentelemetry-proto, as a collector would, and prints what they hold as one
JSON object for the Swift tests to compare with the snapshot.

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


spans, resources = [], []
for number, line in enumerate(sys.stdin, 1):
    if not line.strip():
        continue
    body = json.loads(line)
    for resource_spans in body.get("resourceSpans", []):
        for scope_spans in resource_spans.get("scopeSpans", []):
            for span in scope_spans.get("spans", []):
                span["traceId"] = hex_to_base64(span["traceId"], 16, f"line {number} traceId")
                span["spanId"] = hex_to_base64(span["spanId"], 8, f"line {number} spanId")
                if "parentSpanId" in span:
                    span["parentSpanId"] = hex_to_base64(span["parentSpanId"], 8, f"line {number} parentSpanId")
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
                })
json.dump({"requests": len(resources), "resources": resources, "spans": spans}, sys.stdout)
