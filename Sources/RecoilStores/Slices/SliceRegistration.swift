/// A slice's reducer and how to read it, erased to the store's state.
@usableFromInline struct _SliceRegistration<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline let _info: StoreSliceInfo
  @usableFromInline let _reduce: @Sendable (inout State, Action) -> Void
  @usableFromInline let _read: @Sendable (State) -> any Sendable

  @usableFromInline init(
    info: StoreSliceInfo, reduce: @escaping @Sendable (inout State, Action) -> Void,
    read: @escaping @Sendable (State) -> any Sendable
  ) {
    self._info = info
    self._reduce = reduce
    self._read = read
  }
}
