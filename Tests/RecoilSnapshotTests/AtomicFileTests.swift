import Foundation
import Testing

@testable import RecoilSnapshot

private func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appending(path: "atomic-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

@Test func writesAndReplacesWholeFiles() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appending(path: "out.txt")
  try AtomicFile.write(Data("first".utf8), to: file)
  try AtomicFile.write(Data("second".utf8), to: file)
  #expect(try String(contentsOf: file, encoding: .utf8) == "second")
  #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.txt"])
}

@Test func aMissingDirectoryFailsAndCreatesNothing() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appending(path: "missing/out.txt")
  #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: file) }
  #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
}

@Test func aDirectoryInTheWayIsAnError() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  #expect(throws: AtomicFile.WriteError(path: directory.path(percentEncoded: false), reason: "is a directory")) {
    try AtomicFile.write(Data("x".utf8), to: directory)
  }
}
