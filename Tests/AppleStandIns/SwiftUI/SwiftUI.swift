// A stand-in for Apple's SwiftUI with only the declarations the package's SwiftUI adapter
// uses, under the same names and with the SDK's signatures (main-actor views, `@Sendable`
// binding closures), so that Linux CI type-checks the adapter (`Scripts/check-apple-adapters`).
// Nothing here renders; on Apple platforms the real framework is used.

/// A key for a value in the environment.
public protocol EnvironmentKey {
  associatedtype Value
  /// The value when none is set.
  static var defaultValue: Value { get }
}

/// The values a view reads from its environment.
public struct EnvironmentValues {
  private var values: [ObjectIdentifier: Any] = [:]

  public init() {}

  public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
    get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }
}

/// A property of a view that SwiftUI updates before each `body`.
public protocol DynamicProperty {
  mutating func update()
}

extension DynamicProperty {
  public mutating func update() {}
}

/// A part of a user interface.
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  var body: Body { get }
}

extension Never: View {
  public var body: Never {
    switch self {}
  }
}

/// A view with a value set in its environment.
public struct ModifiedView<Content: View> {
  let content: Content
}

// Conformed to apart, so that making one (in `environment`) is not main-actor isolated.
extension ModifiedView: View {
  public var body: Content { content }
}

extension View {
  /// Sets an environment value for this view and its children.
  nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
    -> some View
  {
    ModifiedView(content: self)
  }
}

/// Reads a value from the view's environment.
@propertyWrapper public struct Environment<Value>: DynamicProperty {
  private let keyPath: KeyPath<EnvironmentValues, Value>

  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

  public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

/// State a view owns.
@propertyWrapper public struct State<Value>: DynamicProperty {
  private final class Box {
    var value: Value
    init(_ value: Value) { self.value = value }
  }
  private let box: Box

  public init(wrappedValue value: Value) { box = Box(value) }

  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }
}

/// A read-write reference to a value owned elsewhere (the stand-in only keeps its closures:
/// the real one is also a property wrapper with dynamic member lookup).
public struct Binding<Value> {
  private let read: @isolated(any) @Sendable () -> Value
  private let write: @isolated(any) @Sendable (Value) -> Void

  /// A binding through a getter and a setter.
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {
    read = get
    write = set
  }
}
