extension Store {
  /// Starts keeping the latest actions with their states and reducer timings, in a buffer
  /// the store writes while it commits each action: no event, lock or type erasure per
  /// action. Calls nest: recording stops when ``stopRecordingActions()`` has been called as
  /// many times; the buffer keeps the largest capacity asked for.
  ///
  /// ```swift
  /// store.startRecordingActions(capacity: 500)
  /// defer { store.stopRecordingActions() }
  /// ```
  ///
  /// - Parameter capacity: How many of the latest actions to keep.
  public func startRecordingActions(capacity: Int = 10_000) {
    lock.withLock {
      if let recorder = storage.configuration.actionRecorder {
        recorder.grow(to: capacity)
        recorder.users += 1
        return
      }
      storage.configuration.actionRecorder = ActionRecorder(capacity: capacity)
      configurationChanged()
    }
  }

  /// Stops one ``startRecordingActions(capacity:)``; the last stop discards the recording.
  ///
  /// ```swift
  /// store.stopRecordingActions()
  /// ```
  public func stopRecordingActions() {
    lock.withLock {
      guard let recorder = storage.configuration.actionRecorder else { return }
      recorder.users -= 1
      if recorder.users <= 0 {
        storage.configuration.actionRecorder = nil
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
    guard let contents = lock.withLock({ storage.configuration.actionRecorder?.contents }) else {
      return ActionRecording()
    }
    return ActionRecorder.recording(of: contents, store: name)
  }
}
