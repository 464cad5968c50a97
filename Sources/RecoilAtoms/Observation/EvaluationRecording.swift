/// One evaluation kept by a container that records evaluations.
///
/// ```swift
/// for evaluation in container.recordedEvaluations().timeline {
///   print(evaluation.node, evaluation.durationNanos, evaluation.trigger)
/// }
/// ```
public struct RecordedEvaluation: Sendable {
  /// The node evaluated.
  public var node: NodeKey
  /// When it started, on the monotonic clock of `DispatchTime.uptimeNanoseconds`; for an
  /// evaluation that was not timed, estimated from the timed ones around it.
  public var startNanos: UInt64
  /// How long it took, or `nil` when it was not timed (see `RecordingTiming`).
  public var durationNanos: UInt64?
  /// Why it ran.
  public var trigger: EvaluationTrigger
}

/// What a container recorded about its evaluations (see
/// ``AtomContainer/startRecordingEvaluations(timelineCapacity:timing:)``).
///
/// ```swift
/// let recording = container.recordedEvaluations()
/// let slowest = recording.statistics.max { $0.value.maxNanos < $1.value.maxNanos }
/// ```
public struct EvaluationRecording: Sendable {
  /// The latest evaluations in the order they finished, as many as the timeline holds.
  public var timeline: [RecordedEvaluation] = []
  /// How many older evaluations the timeline no longer holds.
  public var dropped = 0
  /// Statistics of every node in use that was evaluated while recording.
  public var statistics: [NodeKey: EvaluationStatistics] = [:]
}
