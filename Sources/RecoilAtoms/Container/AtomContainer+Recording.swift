extension AtomContainer {
  /// Starts timing every evaluation: per-node statistics and a timeline of the latest
  /// evaluations, kept by the container itself in preallocated buffers.
  ///
  /// This is how a profiler or the inspector learns which selector is slow without an event
  /// per evaluation. Calls nest: recording stops when ``stopRecordingEvaluations()`` has been
  /// called as many times; the timeline keeps the largest capacity asked for.
  ///
  /// ```swift
  /// container.startRecordingEvaluations(timelineCapacity: 1_000)
  /// defer { container.stopRecordingEvaluations() }
  /// ```
  ///
  /// - Parameter timelineCapacity: How many of the latest evaluations the timeline keeps.
  public func startRecordingEvaluations(timelineCapacity: Int = 10_000) {
    operate { core in
      if let recorder = core.recorder {
        recorder.grow(to: timelineCapacity)
        recorder.users += 1
        return
      }
      let recorder = EvaluationRecorder(capacity: timelineCapacity)
      recorder.users = 1
      for slot in core.slots where slot.index >= 0 { recorder.registered(slot.index) }
      core.recorder = recorder
    }
  }

  /// Stops one ``startRecordingEvaluations(timelineCapacity:)``; the last stop discards the
  /// recording.
  ///
  /// ```swift
  /// container.stopRecordingEvaluations()
  /// ```
  public func stopRecordingEvaluations() {
    operate { core in
      guard let recorder = core.recorder else { return }
      recorder.users -= 1
      if recorder.users <= 0 { core.recorder = nil }
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
    operate { core in
      guard let recorder = core.recorder else { return EvaluationRecording() }
      var keys: [Int: NodeKey] = [:]
      var live: [(key: NodeKey, index: Int32)] = []
      for slot in core.slots where slot.index >= 0 {
        keys[slot.ownerUID] = slot.key
        live.append((slot.key, slot.index))
      }
      return recorder.recording(keyOf: keys, statisticsOf: live)
    }
  }
}
