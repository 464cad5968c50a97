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

@Test func megabytesAreWrittenWholeWithTheUsualPermissions() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appending(path: "big.json")
  // More than one write call may take: every byte must arrive, in order.
  var data = Data()
  for block in 0..<6000 {
    data.append(contentsOf: Array("block \(block) ".utf8) + [UInt8](repeating: 0x2E, count: 1000))
  }
  try AtomicFile.write(data, to: file)
  #expect(try Data(contentsOf: file) == data)
  let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
  let mask = umask(0)
  umask(mask)
  #expect(permissions == 0o666 & ~Int(mask))
}

#if os(Linux)
  @Test func aFileTheSystemRefusesIsAnErrorThatSaysWhy() throws {
    // procfs takes no new files, not even from root: the temporary file cannot be made.
    let file = URL(filePath: "/proc/self/recoil-snapshot.json")
    #expect {
      try AtomicFile.write(Data("x".utf8), to: file)
    } throws: { error in
      guard let error = error as? AtomicFile.WriteError else { return false }
      return error.path == "/proc/self/recoil-snapshot.json" && !error.reason.isEmpty
        && error.reason.first?.isLowercase == true
    }
  }
#endif
