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

@Test func aStreamedWriteIsTheWholeDocumentAndReplacesTheFileAtOnce() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appending(path: "streamed.json")
  try AtomicFile.write(Data("old".utf8), to: file)
  var expected: [UInt8] = []
  try AtomicFile.write(to: file, capacity: 100) { output in
    var output = output
    for index in 0..<5_000 {
      let piece = Array("piece \(index) ".utf8)
      // Small appends, and now and then one larger than the whole buffer.
      let chunk = index % 997 == 0 ? Array(repeating: UInt8(ascii: "x"), count: 250) + piece : piece
      output.append(chunk)
      expected += chunk
      // Until the write ends, the destination still holds the old contents.
      if index == 2_500 { #expect((try? String(contentsOf: file, encoding: .utf8)) == "old") }
    }
    return output
  }
  #expect(try Array(Data(contentsOf: file)) == expected)
  #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["streamed.json"])
}

@Test func aStreamedWriteToAMissingDirectoryFailsBeforeWriting() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  var called = false
  #expect(throws: AtomicFile.WriteError.self) {
    try AtomicFile.write(to: directory.appending(path: "missing/out.json")) { output in
      called = true
      return output
    }
  }
  #expect(!called)
  #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
}

@Test func aDrainingOutputHandsOnEveryByteInOrder() {
  final class Received { var bytes: [UInt8] = [] }
  let received = Received()
  var output = ByteOutput(capacity: 16) { received.bytes += $0.array }
  var expected: [UInt8] = []
  for index in 0..<2_000 {
    if index % 3 == 0 {
      output.append(UInt8(truncatingIfNeeded: index))
      expected.append(UInt8(truncatingIfNeeded: index))
    } else {
      let chunk = Array(repeating: UInt8(truncatingIfNeeded: index), count: index % 40)
      output.append(chunk)
      expected += chunk
    }
    #expect(output.count <= 16)
  }
  output.drain()
  #expect(output.count == 0)
  #expect(received.bytes == expected)
}

@Test func aFileInPlaceIsReplacedAsARenameWouldAndNothingIsLeftBeside() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appending(path: "out.json")
  try AtomicFile.write(Data("old".utf8), to: file)
  // A reader that opened the old file goes on reading it; another name of it keeps it.
  let reader = try FileHandle(forReadingFrom: file)
  defer { try? reader.close() }
  let otherName = directory.appending(path: "other-name.json")
  try FileManager.default.linkItem(at: file, to: otherName)
  try AtomicFile.write(Data("new".utf8), to: file)
  #expect(try String(contentsOf: file, encoding: .utf8) == "new")
  #expect(try reader.readToEnd() == Data("old".utf8))
  #expect(try String(contentsOf: otherName, encoding: .utf8) == "old")
  #expect(
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["other-name.json", "out.json"])
}

@Test func aSymbolicLinkInPlaceIsReplacedAndWhatItNamedIsUntouched() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let target = directory.appending(path: "target.json")
  try AtomicFile.write(Data("target".utf8), to: target)
  let link = directory.appending(path: "link.json")
  try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
  try AtomicFile.write(Data("new".utf8), to: link)
  #expect(try String(contentsOf: target, encoding: .utf8) == "target")
  #expect(try String(contentsOf: link, encoding: .utf8) == "new")
  #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
  #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.json", "target.json"])
}
