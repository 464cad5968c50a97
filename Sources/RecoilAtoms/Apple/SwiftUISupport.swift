#if canImport(SwiftUI)
  import RecoilConcurrency
  import SwiftUI

  // Apple platforms only: thin conveniences over `AtomContainer.observe` (Observation), for
  // the RecoilSwift style of reading nodes in a view. Linux has no SwiftUI; this file is not
  // compiled there.

  private struct AtomContainerKey: EnvironmentKey {
    static let defaultValue: AtomContainer? = nil
  }

  extension EnvironmentValues {
    /// The container that ``RecoilValue`` and ``RecoilBinding`` read, set with
    /// `.atomContainer(_:)`.
    public var atomContainer: AtomContainer? {
      get { self[AtomContainerKey.self] }
      set { self[AtomContainerKey.self] = newValue }
    }
  }

  extension View {
    /// Gives this view and its children a container to read nodes from.
    ///
    /// ```swift
    /// ContentView().atomContainer(container)
    /// ```
    ///
    /// - Parameter container: The container.
    /// - Returns: The view.
    public func atomContainer(_ container: AtomContainer) -> some View {
      environment(\.atomContainer, container)
    }
  }

  /// A node's state in a SwiftUI view, from the container in the environment: the view
  /// updates when it changes (RecoilSwift's `useRecoilValue`).
  ///
  /// ```swift
  /// struct Total: View {
  ///   @RecoilValue(CartState.total) var total
  ///   var body: some View { Text(total.value.map { "\($0)" } ?? "…") }
  /// }
  /// ```
  @MainActor @propertyWrapper
  public struct RecoilValue<Value: Sendable>: DynamicProperty {
    @Environment(\.atomContainer) private var container
    @State private var observation = NodeObservation<Value>()
    private let node: Node<Value>
    /// Its subscription's name in the inspector, and where the view declared it.
    private let label: String?
    private let site: CallSite

    /// Reads `node`.
    ///
    /// - Parameters:
    ///   - node: Any atom or selector.
    ///   - label: What the inspector calls its subscription; by default where it was declared.
    ///   - file: Where the view declared it; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    public init(_ node: Node<Value>, label: String? = nil, file: StaticString = #fileID, line: UInt = #line) {
      self.node = node
      self.label = label
      self.site = CallSite(file: file, line: line)
    }

    /// The node's current state.
    public var wrappedValue: Loadable<Value> {
      observation.observed(node, in: container, label: label, site: site).loadable
    }
  }

  /// A writable node as a SwiftUI binding, from the container in the environment
  /// (RecoilSwift's `useRecoilState`).
  ///
  /// ```swift
  /// struct CurrencyPicker: View {
  ///   @RecoilBinding(Settings.currency) var currency
  ///   var body: some View { TextField("Currency", text: $currency) }
  /// }
  /// ```
  @MainActor @propertyWrapper
  public struct RecoilBinding<Value: Sendable>: DynamicProperty {
    @Environment(\.atomContainer) private var container
    @State private var observation = NodeObservation<Value>()
    private let node: Atom<Value>
    /// Its subscription's name in the inspector, and where the view declared it.
    private let label: String?
    private let site: CallSite

    /// Reads and writes `atom`.
    ///
    /// - Parameters:
    ///   - atom: The atom.
    ///   - label: What the inspector calls its subscription; by default where it was declared.
    ///   - file: Where the view declared it; filled in by the compiler.
    ///   - line: The line; filled in by the compiler.
    public init(_ atom: Atom<Value>, label: String? = nil, file: StaticString = #fileID, line: UInt = #line) {
      self.node = atom
      self.label = label
      self.site = CallSite(file: file, line: line)
    }

    /// The atom's value; setting it sets the atom.
    public var wrappedValue: Value {
      get {
        let container = NodeObservation<Value>.required(container)
        return Self.read(observation.observed(node, in: container, label: label, site: site), container, node)
      }
      nonmutating set { NodeObservation<Value>.required(container).set(node, newValue) }
    }

    /// A SwiftUI `Binding` to the atom. Its closures hold only thread-safe values (SwiftUI
    /// asks for `@Sendable` ones), and reading it registers the reading view as an observer.
    public var projectedValue: Binding<Value> {
      let container = NodeObservation<Value>.required(container)
      let observed = observation.observed(node, in: container, label: label, site: site)
      let atom = node
      return Binding(
        get: { Self.read(observed, container, atom) },
        set: { container.set(atom, $0) })
    }

    /// The atom's value as observed, else read from the container.
    nonisolated private static func read(
      _ observed: ObservedNode<Value>, _ container: AtomContainer, _ atom: Atom<Value>
    ) -> Value {
      observed.value ?? (try? container.get(atom)) ?? atom.defaultValue()
    }
  }

#endif
