import RecoilConcurrency

/// Where one container's slots keep their values.
///
/// Small values (up to 64 bytes) are packed side by side in shared blocks instead of one heap
/// allocation each. A graph of ten thousand `Int` atoms then keeps all its values in 80 KB, so
/// reading the values of nodes scattered through the graph touches few cache lines and pages.
/// Freed places are reused by the next value of the same size. Larger values get their own
/// allocation.
///
/// Each value is preceded by a flag byte, "readable", that its slot keeps true while the
/// value can be read as it is (stored, not loading, no error). A getter reading another node
/// checks that flag and loads the value from this memory alone, without touching the slot.
///
/// Slots usually come and go under their container's lock, but a slot held by a finishing
/// async task may be freed outside it, so the arena has a lock of its own (taken only when a
/// slot is created or freed, never to read or write a value).
@usableFromInline final class _ValueArena: @unchecked Sendable {
  // Sendable: every stored property is guarded by `lock`.
  private static let blockSize = 64 * 1024
  private static let largestPacked = 64

  private let lock = Lock()
  private var blocks: [UnsafeMutableRawPointer] = []
  private var next: UnsafeMutableRawPointer?
  private var remaining = 0
  /// Freed places, keyed by size * 32 + alignment.
  private var freePlaces: [Int: [UnsafeMutableRawPointer]] = [:]

  init() {}

  deinit {
    for block in blocks { block.deallocate() }
  }

  /// The alignment of a place for `Value`, and the size of the prefix holding its flag.
  private static func alignment<Value>(of type: Value.Type) -> Int {
    max(MemoryLayout<Value>.alignment, 8)
  }

  /// The bytes a place for `Value` takes: the flag prefix and the value.
  private static func placeSize<Value>(of type: Value.Type) -> Int {
    let alignment = alignment(of: type)
    return alignment + (max(MemoryLayout<Value>.stride, 1) + alignment - 1) / alignment * alignment
  }

  /// Whether values of this type are packed into blocks.
  private static func isPacked<Value>(_ type: Value.Type) -> Bool {
    alignment(of: type) <= 16 && placeSize(of: type) <= largestPacked + 16
  }

  /// Uninitialised memory for one value, with its readable flag false.
  func allocate<Value>(_ type: Value.Type) -> UnsafeMutablePointer<Value> {
    let alignment = Self.alignment(of: type)
    let size = Self.placeSize(of: type)
    let place: UnsafeMutableRawPointer
    if Self.isPacked(type) {
      place = packedPlace(size: size, alignment: alignment)
    } else {
      place = .allocate(byteCount: size, alignment: alignment)
    }
    let value = place + alignment
    value.storeBytes(of: false, toByteOffset: -1, as: Bool.self)
    return value.bindMemory(to: Value.self, capacity: 1)
  }

  private func packedPlace(size: Int, alignment: Int) -> UnsafeMutableRawPointer {
    lock.withLock {
      if let reused = freePlaces[size * 32 + alignment]?.popLast() { return reused }
      if let next {
        let padding = (alignment - Int(bitPattern: next) % alignment) % alignment
        if remaining >= size + padding {
          let place = next + padding
          self.next = place + size
          remaining -= size + padding
          return place
        }
      }
      let block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16)
      blocks.append(block)
      next = block + size
      remaining = Self.blockSize - size
      return block
    }
  }

  /// Returns memory from ``allocate(_:)``; its value must already be deinitialised.
  func deallocate<Value>(_ pointer: UnsafeMutablePointer<Value>) {
    let place = UnsafeMutableRawPointer(pointer) - Self.alignment(of: Value.self)
    guard Self.isPacked(Value.self) else {
      place.deallocate()
      return
    }
    let size = Self.placeSize(of: Value.self)
    let alignment = Self.alignment(of: Value.self)
    lock.withLock { freePlaces[size * 32 + alignment, default: []].append(place) }
  }

  /// Whether the value at `address` (from ``allocate(_:)``) can be read as it is.
  @inlinable static func isReadable(_ address: UnsafeMutableRawPointer) -> Bool {
    address.load(fromByteOffset: -1, as: Bool.self)
  }

  static func setReadable(_ readable: Bool, at address: UnsafeMutableRawPointer) {
    address.storeBytes(of: readable, toByteOffset: -1, as: Bool.self)
  }
}
