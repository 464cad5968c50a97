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
        // Numbers go on from the store's: a reader following from here misses nothing before.
        recorder._newestSequence = _storage._sequence
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

  /// The actions recorded after the one numbered `sequence`, oldest first: at most `limit`,
  /// the newest, with how many were skipped (no longer kept, or beyond the limit). With
  /// `sequence` `nil`, no actions: only the newest number, to start following from. For a
  /// reader that follows the recording as it grows, as a live stream does, without the store
  /// telling it of each action.
  ///
  /// ```swift
  /// var last = store.recordedActions(after: nil).newestSequence
  /// store.dispatch(.increment)
  /// let tail = store.recordedActions(after: last)
  /// last = tail.newestSequence   // tail.records holds the increment
  /// ```
  ///
  /// - Parameters:
  ///   - sequence: The number of the last action already read, or `nil`.
  ///   - limit: The most actions to return.
  /// - Returns: The tail, read under the lock; empty when not recording.
  public func recordedActions(after sequence: Int?, limit: Int = .max) -> ActionTail {
    _lock.withLock { _storage._configuration._actionRecorder?.tail(after: sequence, limit: limit, store: name) }
      ?? ActionTail()
  }
}
