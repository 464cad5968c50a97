import Dispatch
import RecoilConcurrency
import Synchronization

/// Observers of a store's actions, effects and selectors (the inspector is one).
extension Store {
  /// Call under `lock` after changing `storage.configuration`.
  func configurationChanged() {
    _hasNoConfiguration.store(_storage._configuration.isEmpty, ordering: .releasing)
    _configurationVersion.add(1, ordering: .releasing)
  }

  /// Registers an observer of everything the store does.
  ///
  /// ```swift
  /// let token = store.addObserver(recorder)
  /// ```
  ///
  /// - Parameter observer: The observer.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ observer: any StoreObserver) -> ObjectIdentifier {
    _lock.withLock {
      _storage._configuration._observers.append(observer)
      configurationChanged()
    }
    return ObjectIdentifier(observer)
  }

  /// Reads every observer's ``StoreObserver/wantsActions`` again before the next action.
  ///
  /// The store reads it when observers are added or removed; an observer whose answer
  /// changes calls this.
  ///
  /// ```swift
  /// log.isEnabled = true
  /// store.observerInterestsChanged()
  /// ```
  public func observerInterestsChanged() {
    _lock.withLock { configurationChanged() }
  }

  /// Removes an observer.
  ///
  /// ```swift
  /// store.removeObserver(token)
  /// ```
  ///
  /// - Parameter token: What ``addObserver(_:)`` returned.
  public func removeObserver(_ token: ObjectIdentifier) {
    _lock.withLock {
      _storage._configuration._observers.removeAll { ObjectIdentifier($0) == token }
      configurationChanged()
    }
  }
}
