import RecoilConcurrency

extension Store {
  /// Starts keeping the latest actions with their states and reducer timings, in a buffer
  /// the store writes while it commits each action: no event, lock or type erasure per
  /// action. Calls nest: recording stops when ``stopRecordingActions()`` has been called as
  /// many times; the buffer keeps the largest capacity and the strictest timing asked for.
  ///
  /// ```swift
  /// store.startRecordingActions(capacity: 500)
  /// defer { store.stopRecordingActions() }
  /// ```
  ///
  /// - Parameters:
  ///   - capacity: How many of the latest actions to keep.
  ///   - timing: Which actions to time: by default a sample, so that recording stays cheap
  ///     for fast reducers (see `RecordingTiming`).
  public func startRecordingActions(capacity: Int = 10_000, timing: RecordingTiming = .sampled) {
    _lock.withLock {
      if let recorder = _storage._configuration._actionRecorder {
        recorder.join(capacity: capacity, timing: timing)
      } else {
        let recorder = _ActionRecorder<State, Action>(capacity: capacity, timing: timing)
        recorder.noteSubscribers(_storage._subscribers.map(\.tally), generation: _storage._subscriberGeneration)
        _storage._configuration._actionRecorder = recorder
      }
      subscriberRecording.set(_storage._configuration._actionRecorder?._timing)
      configurationChanged()
    }
  }

  /// Stops one ``startRecordingActions(capacity:timing:)``; the last stop discards the recording.
  ///
  /// ```swift
  /// store.stopRecordingActions()
  /// ```
  public func stopRecordingActions() {
    _lock.withLock {
      guard let recorder = _storage._configuration._actionRecorder else { return }
      recorder.users -= 1
      if recorder.users <= 0 {
        _storage._configuration._actionRecorder = nil
        subscriberRecording.set(nil)
        configurationChanged()
      }
    }
  }

  /// The actions recorded since recording started, oldest first; empty when not recording.
  ///
  /// ```swift
  /// for record in store.recordedActions().records { print(record.sequence, record.action) }
  /// ```
  ///
  /// - Returns: The recording, read under the lock.
  public func recordedActions() -> ActionRecording {
    _lock.withLock { _storage._configuration._actionRecorder?.recording(store: name) } ?? ActionRecording()
  }
}
