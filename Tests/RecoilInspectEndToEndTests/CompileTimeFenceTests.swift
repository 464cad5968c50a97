import Foundation
import Testing

/// What the compiler refuses in an app's code, checked by compiling small files against this
/// package's built modules: a ``Getter`` or ``Setter`` is valid only during its call, under
/// the container's lock, so one sent into a task (where it would read or write without the
/// lock, perhaps after the container has gone) does not compile. Recoil throws at run time for
/// the same mistake ("async set call not supported", `Recoil_selector-test.js`).
@Suite struct CompileTimeFenceTests {
  /// Compiles `source` as far as Swift 6's data-race checks (SIL diagnostics) go.
  private func compile(_ source: String) throws -> ExecutableRunner.Outcome {
    let folder = FileManager.default.temporaryDirectory.appending(path: "fence-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "App.swift")
    try Data(source.utf8).write(to: file)
    let modules = ExecutableRunner.productsDirectory.appending(path: "Modules").path(percentEncoded: false)
    return try ExecutableRunner.run(
      [
        "swiftc", "-emit-sil", "-o", "/dev/null", "-swift-version", "6", "-I", modules,
        file.path(percentEncoded: false),
      ],
      executable: "/usr/bin/env")
  }

  private let nodes = """
    import RecoilAtoms

    let count = Atom(1, key: "count")

    """

  @Test func gettersAndSettersUsedDuringTheirCallCompile() throws {
    let outcome = try compile(
      nodes + """
        let doubled = Selector(key: "doubled") { get in [1, 2].map { _ in (try? get(count)) ?? 0 }.reduce(0, +) }
        let total = WritableSelector(
          key: "total", get: { get in try get(count) }, set: { context, value in try context.set(count, value) })
        """)
    #expect(outcome.status == 0, "\(outcome.stderr)")
  }

  @Test func aGetterOrSetterSentIntoATaskDoesNotCompile() throws {
    let outcome = try compile(
      nodes + """
        let leaky = Selector(key: "leaky") { get in
          Task { _ = try get(count) }
          return 0
        }
        let leakySetter = WritableSelector(
          key: "leaky setter", get: { get in try get(count) },
          set: { context, value in Task { try context.set(count, value) } })
        """)
    #expect(outcome.status != 0)
    let errors = outcome.stderr.split(separator: "\n").filter { $0.contains("App.swift:") && $0.contains("error:") }
    #expect(errors.map { $0.split(separator: ":")[1] } == ["5", "10"], "\(outcome.stderr)")
    #expect(errors.allSatisfy { $0.contains("risks causing data races") }, "\(outcome.stderr)")
  }
}
