import Foundation
import RecoilConcurrency

/// Limits on what an ``Inspector`` keeps, and which operations it times.
///
/// ```swift
/// var configuration = InspectorConfiguration()
/// configuration.actionCapacity = 1_000
/// configuration.previewLength = 60
/// let inspector = Inspector(configuration: configuration)
/// ```
public struct InspectorConfiguration: Sendable {
  /// How many actions the trace keeps (the newest); older ones are dropped and counted.
  public var actionCapacity = 10_000
  /// How many evaluations the timeline keeps.
  public var timelineCapacity = 10_000
  /// How many edge additions and removals the edge history keeps.
  public var edgeHistoryCapacity = 10_000
  /// How many effect events are kept.
  public var effectCapacity = 1_000
  /// Value previews are cut at this many characters; a cut preview ends in `…`.
  public var previewLength = 120
  /// What is kept out of snapshots, the live stream and artifacts: see ``Redaction``.
  public var redaction = Redaction()
  /// At most this many changed paths are listed per action.
  public var changesPerAction = 50
  /// Actions never recorded, by name as snapshots show them: glob patterns (`*` any run, `?`
  /// one character), for the `tick` actions that would drown a trace (Redux DevTools'
  /// `actionsDenylist`). They are left out of snapshots, the live stream and artifacts, with
  /// the notifications of their stores' subscribers, and counted by name in the snapshot's
  /// `dropped.notRecorded`; what they caused elsewhere (a selector that reads the clock) is
  /// still recorded, its cause "not recorded". Until a snapshot is made they still take their
  /// place in the store's recording, whose capacity is ``actionCapacity``.
  ///
  /// ```swift
  /// configuration.actionsNeverRecorded = ["clock(.tick)", "*(.heartbeat)"]
  /// ```
  public var actionsNeverRecorded: [String] = []
  /// The app's name, as its live stream introduces it (an `AppHello`): a listener that hears
  /// several apps, or one app again after a restart, tells them apart by it and by the
  /// process. By default the process's name.
  ///
  /// ```swift
  /// configuration.appName = "Shop (iPhone 15)"
  /// ```
  public var appName = ProcessInfo.processInfo.processName
  /// The token of a listener on another machine (an app on a device streaming to the
  /// developer's machine): `recoil-inspect live --listen tcp:0.0.0.0:9999` prints it. Only
  /// with a token may the live stream connect to a host other than loopback; the token goes
  /// in the stream's hello, over TCP only. `nil` (the default) allows loopback only.
  ///
  /// ```swift
  /// configuration.streamToken = "5f0c9a4e3b7d21c8"
  /// try inspector.startStreaming(to: .tcp(host: "192.168.1.20", port: 9999))
  /// ```
  public var streamToken: String?
  /// How the live stream sends traces when it goes to an OpenTelemetry collector
  /// (`otlp+http://…`): service name, headers, batching, and the opt-in for a collector on
  /// another machine (see ``OpenTelemetryExport``).
  ///
  /// ```swift
  /// configuration.openTelemetry.headers = ["Authorization": "Bearer 4f1c…"]
  /// ```
  public var openTelemetry = OpenTelemetryExport()
  /// What `recoil-inspect` may change in the app over the live stream: nothing by default
  /// (see ``RemoteControl``).
  ///
  /// ```swift
  /// #if DEBUG
  ///   configuration.remoteControl = .everything
  /// #endif
  /// ```
  public var remoteControl = RemoteControl.off
  /// Which actions and evaluations are timed. By default every one that was slow when last
  /// timed and a sample of the others, so that fast reducers and selectors are not slowed
  /// down by the clock; `.everyOperation` times each one (see `RecordingTiming`). The live
  /// stream always carries timed events.
  public var timing = RecordingTiming.sampled
  /// Where the inspector says what went wrong with itself (not with the app): once per
  /// process, that values are described by `Mirror` only because the metadata reader's
  /// self-check found a difference or `RECOIL_INSPECT_REFLECTION=mirror` is set. By default a
  /// line on standard error.
  ///
  /// ```swift
  /// configuration.reportProblem = { logger.warning("\($0)") }
  /// ```
  public var reportProblem: @Sendable (String) -> Void = { message in
    // The throwing write: a closed standard error must not stop the app.
    try? FileHandle.standardError.write(contentsOf: Data("RecoilInspector: \(message)\n".utf8))
  }

  /// The defaults: 10,000 actions, evaluations and edge changes; previews of 120 characters;
  /// sampled timing.
  ///
  /// ```swift
  /// let configuration = InspectorConfiguration()
  /// ```
  public init() {}
}
