import Foundation
import RecoilAtoms
import Synchronization
import Testing

/// `AtomEffect.persisted`: an atom kept in a JSON file.
@Suite struct PersistenceEffectTests {
  struct Settings: Codable, Equatable, Sendable {
    var currency = "EUR"
    var notifications = true
  }

  final class Failures: AtomGraphObserver, Sendable {
    let messages = Mutex<[String]>([])
    func receive(_ event: AtomGraphEvent) {
      if case .effectFailed(_, _, let error) = event { messages.withLock { $0.append(String(describing: error)) } }
    }
  }

  private func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "persisted-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aMissingFileGivesTheDefaultAndChangesAreSavedOnceTheyPause() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "settings.json")
    let settings = Atom(Settings(), key: "settings", effects: [.persisted(in: file, debounce: .milliseconds(200))])
    var container: AtomContainer? = AtomContainer()
    #expect(try container?.get(settings) == Settings())
    for currency in ["USD", "GBP", "CHF"] { container?.update(settings) { $0.currency = currency } }
    // Debounced: nothing is written while changes keep coming.
    #expect(!FileManager.default.fileExists(atPath: file.path))
    container = nil  // releasing the container saves what waits
    let saved = try JSONDecoder().decode(Settings.self, from: Data(contentsOf: file))
    #expect(saved.currency == "CHF")
    // Only the file itself: the atomic write left no temporary beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["settings.json"])

    // A new container starts from the file.
    let next = AtomContainer()
    #expect(try next.get(settings).currency == "CHF")
    next.set(settings, Settings(currency: "JPY"))
    try waitForFile(file) { (try? JSONDecoder().decode(Settings.self, from: $0))?.currency == "JPY" }
    // A reset removes the file, so the next start is the default.
    next.reset(settings)
    try waitForFile(file, toExist: false)
  }

  @Test func aCorruptFileGivesTheDefaultAndAnErrorNeverACrash() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "settings.json")
    try Data("{\"currency\": 12".utf8).write(to: file)
    let settings = Atom(Settings(), key: "settings", effects: [.persisted(in: file)])
    let container = AtomContainer()
    let failures = Failures()
    container.addObserver(failures)
    #expect(try container.get(settings) == Settings())
    let messages = failures.messages.withLock { $0 }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("could not read the saved value in \(file.path(percentEncoded: false))") == true)
  }

  @Test func familyMembersEachHaveTheirOwnFile() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let draft = AtomFamily(
      effects: { (id: Int) in [.persisted(in: folder.appending(path: "draft-\(id).json"), debounce: .zero)] },
      default: { _ in "" })
    let container = AtomContainer()
    container.set(draft(1), "hello")
    container.set(draft(2), "bonjour")
    try waitForFile(folder.appending(path: "draft-1.json")) { String(decoding: $0, as: UTF8.self) == "\"hello\"" }
    try waitForFile(folder.appending(path: "draft-2.json")) { String(decoding: $0, as: UTF8.self) == "\"bonjour\"" }
  }

  /// Waits (up to two seconds) until `file` holds what `matches` accepts, or is gone.
  private func waitForFile(_ file: URL, toExist: Bool = true, matches: (Data) -> Bool = { _ in true }) throws {
    for _ in 0..<400 {
      if toExist, let data = try? Data(contentsOf: file), matches(data) { return }
      if !toExist && !FileManager.default.fileExists(atPath: file.path) { return }
      Thread.sleep(forTimeInterval: 0.005)
    }
    Issue.record("\(file.lastPathComponent) never became what was expected")
  }
}
