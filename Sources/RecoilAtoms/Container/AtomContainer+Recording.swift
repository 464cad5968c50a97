import RecoilConcurrency

extension AtomContainer {
  /// Starts recording evaluations: per-node counts and timings and a timeline of the latest
  /// evaluations with their triggers, kept by the container itself in preallocated buffers.
  ///
  /// This is how a profiler or the inspector learns which selector is slow without an event
  /// per evaluation. Calls nest: recording stops when ``stopRecordingEvaluations()`` has been
  /// called as many times; the timeline keeps the largest capacity and the strictest timing
  /// asked for.
  ///
  /// ```swift
  /// container.startRecordingEvaluations(timelineCapacity: 1_000)
  /// defer { container.stopRecordingEvaluations() }
  /// ```
  ///
  /// - Parameters:
  ///   - timelineCapacity: How many of the latest evaluations the timeline keeps.
  ///   - timing: Which evaluations to time: by default every one of a node that was slow when
  ///     last timed, and a sample of the others (see `RecordingTiming`).
  public func startRecordingEvaluations(timelineCapacity: Int = 10_000, timing: RecordingTiming = .sampled) {
    _operate { core in
      if let recorder = core.recorder {
        recorder.join(capacity: timelineCapacity, timing: timing)
        return
      }
      let recorder = GraphRecorder(capacity: timelineCapacity, timing: timing)
      for slot in core._slots where slot.index >= 0 {
        recorder.registered(slot.index, uid: slot.nodeUID)
        slot.tally = EvaluationTally()
      }
      core.recorder = recorder
    }
    subscriberRecording.set(_operate { $0.recorder?.timing })
  }

  /// Stops one ``startRecordingEvaluations(timelineCapacity:timing:)``; the last stop discards the
  /// recording.
  ///
  /// ```swift
  /// container.stopRecordingEvaluations()
  /// ```
  public func stopRecordingEvaluations() {
    _operate { core in
      guard let recorder = core.recorder else { return }
      recorder.users -= 1
      if recorder.users <= 0 { core.recorder = nil }
    }
    if _operate({ $0.recorder == nil }) { subscriberRecording.set(nil) }
  }

  /// Whether the container records (so that a tracking scope times its runs).
  var isRecording: Bool { subscriberRecording.isRecording }

  /// Keeps a tracking scope's run in the recording, and tells observers of the timeline.
  func record(_ run: RecordedScopeRun) {
    _operate { core in
      guard let recorder = core.recorder else { return }
      recorder.record(run)
      if core._operationInterests.contains(.timeline) { core._events.append(.recorded(.scopeRun(run))) }
    }
  }

  /// What has been recorded since recording started: the timeline, in the order evaluations
  /// finished (a dependency evaluated inside its reader comes first), and the statistics of
  /// the nodes in use. Empty when not recording.
  ///
  /// ```swift
  /// for (node, statistics) in container.recordedEvaluations().statistics {
  ///   print(node, statistics.count, statistics.maxNanos)
  /// }
  /// ```
  ///
  /// - Returns: The recording, taken under the lock.
  public func recordedEvaluations() -> EvaluationRecording {
    _operate { core in
      guard let recorder = core.recorder else { return EvaluationRecording() }
      var keys: [Int: NodeKey] = [:]
      var live: [(key: NodeKey, index: Int32, count: Int)] = []
      var subscribers: [(tally: SubscriberTally, node: Int)] = []
      for slot in core._slots where slot.index >= 0 {
        keys[slot.nodeUID] = slot._key
        live.append((slot._key, slot.index, slot.tally.count))
        for subscriber in slot.subscribers { subscribers.append((subscriber.tally, slot.nodeUID)) }
      }
      return recorder.recording(keyOf: keys, statisticsOf: live, subscribers: subscribers)
    }
  }
}
