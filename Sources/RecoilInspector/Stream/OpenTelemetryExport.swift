/// How an app's live stream sends its causal timeline to an OpenTelemetry collector
/// (`EventEndpoint.otlp`, written `otlp+http://HOST:4318`): who the spans come from, the
/// collector's headers, how spans are batched, and whether a collector on another machine may
/// be used.
///
/// Each root cause (an action, an app's write, a control) is a trace and every entry it caused
/// a span whose parent is its cause, as `recoil-inspect export --otlp` sends a snapshot's.
/// Spans wait in batches of at most ``maxBatchSpans`` or ``batchInterval``, whichever comes
/// first; a batch is retried on 429, 502, 503 and 504 with exponential backoff and jitter
/// (honouring `Retry-After`), split when answered 413, and dropped (counted in
/// ``Inspector/droppedEventCount``) on any other answer or when the collector cannot be
/// reached. All of that happens on the stream's own thread: the app never waits for it, and
/// while the collector is slow the stream's bounded queue drops what does not fit, counted.
///
/// ```swift
/// var configuration = InspectorConfiguration()
/// configuration.openTelemetry.serviceName = "shop-api"
/// configuration.openTelemetry.headers = ["Authorization": "Bearer 4f1c…"]
/// let inspector = Inspector(configuration: configuration)
/// try inspector.startStreaming(to: EventEndpoint(parsing: "otlp+http://127.0.0.1:4318"))
/// ```
public struct OpenTelemetryExport: Sendable, Equatable {
  /// `service.name` of the spans; `nil` (the default) is the configuration's `appName`.
  public var serviceName: String?
  /// Headers sent with every request, such as a collector's `Authorization`.
  public var headers: [String: String] = [:]
  /// The most spans in one request (512, the collector's usual batch).
  public var maxBatchSpans = 512
  /// The longest a span waits for its batch to fill before the batch is sent anyway.
  public var batchInterval: Duration = .seconds(1)
  /// Whether the collector may be on another machine. Off by default, as for the live stream:
  /// state leaves the machine only when the app says so.
  public var allowsRemoteCollector = false

  /// The defaults: the app's name as `service.name`, no headers, batches of 512 spans or one
  /// second, loopback collectors only.
  ///
  /// ```swift
  /// let export = OpenTelemetryExport()
  /// ```
  public init() {}
}
