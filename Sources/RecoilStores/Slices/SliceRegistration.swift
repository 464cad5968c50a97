/// A slice's reducer and how to read it, erased to the store's state.
@usableFromInline struct SliceRegistration<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let info: StoreSliceInfo
  @usableFromInline let reduce: @Sendable (inout State, Action) -> Void
  @usableFromInline let read: @Sendable (State) -> any Sendable

  @usableFromInline init(
    info: StoreSliceInfo, reduce: @escaping @Sendable (inout State, Action) -> Void,
    read: @escaping @Sendable (State) -> any Sendable
  ) {
    self.info = info
    self.reduce = reduce
    self.read = read
  }
}
