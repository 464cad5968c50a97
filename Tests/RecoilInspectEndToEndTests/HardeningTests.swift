import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the command line does when its surroundings fail or its input is built to hurt it:
/// output that cannot be written, inputs that are not files, outputs that are not files, unix
/// socket paths, deep chains and timelines that lie about their causes. Each ends with a
/// documented status and one line, loses no file, and takes output linear in the input.
@Suite struct HardeningTests {
  private let fixture = ExecutableRunner.fixture("cart-demo/cart.snapshot.json")
  private var tool: String { ExecutableRunner.productsDirectory.appending(path: "recoil-inspect").path }

  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "hardening-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `script` in `sh` with `$TOOL` set; returns its standard output and error. Programs
  /// started from the test runner inherit its blocked signals (SIGTERM among them), so scripts
  /// end their listeners with SIGKILL.
  private func shell(_ script: String) throws -> ExecutableRunner.Outcome {
    try ExecutableRunner.run(["-c", script], executable: "/bin/sh", environment: ["TOOL": tool])
  }

  private func header(_ rest: String) -> Data {
    Data((#"{"format":"recoil-inspect/snapshot","version":1,"# + rest).utf8)
  }

  // MARK: Output that cannot be written

  @Test func aFullDiskIsReportedOnceWithStatus74() throws {
    for command in ["\"$TOOL\" --help", "\"$TOOL\" trace '\(fixture)'", "\"$TOOL\" render '\(fixture)' -o - -f svg"] {
      let outcome = try shell("\(command) > /dev/full; echo \"status $?\" >&2")
      #expect(outcome.stderr.hasSuffix("status 74\n"), "\(command): \(outcome.stderr)")
      #expect(outcome.stderr.components(separatedBy: "no space left on device").count == 2, "\(outcome.stderr)")
    }
  }

  @Test func aClosedStandardOutputIsReportedWithStatus74() throws {
    let outcome = try shell("\"$TOOL\" --help >&-; echo \"status $?\" >&2")
    #expect(outcome.stderr.hasSuffix("status 74\n"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("standard output: cannot write: bad file descriptor"))
  }

  @Test func aReaderThatLeavesEndsTheCommandQuietlyWith141() throws {
    // SIGPIPE ignored, as under many process runners: the write fails with EPIPE instead.
    let large = ExecutableRunner.fixture("format/large.snapshot.json")
    let outcome = try shell(
      "trap '' PIPE; { \"$TOOL\" render '\(large)' -o - -f dot --full 2>&1; echo \"status $?\" >&2; } | head -c 1 >/dev/null"
    )
    #expect(outcome.stderr == "status 141\n", "\(outcome.stderr)")
  }

  // MARK: Inputs that are not snapshot files

  @Test func devicesAreNamedForWhatTheyAre() throws {
    for path in ["/dev/null", "/dev/zero"] {
      let outcome = try ExecutableRunner.run(["validate", path])
      #expect(outcome.status == 66)
      #expect(
        outcome.stderr
          == "recoil-inspect: error: \(path): is a character device, not a regular file (use - for standard input)\n")
    }
  }

  @Test func standardInputAndFIFOsAreRead() throws {
    let data = try Data(contentsOf: URL(filePath: fixture))
    let fromStandardInput = try ExecutableRunner.run(["validate", "-"], stdin: data)
    #expect(fromStandardInput.status == 0, "\(fromStandardInput.stderr)")
    let fifo = try folder().appending(path: "snapshot.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let outcome = try shell("cat '\(fixture)' > '\(fifo)' & \"$TOOL\" validate '\(fifo)'")
    #expect(outcome.stdoutText.contains("ok, 8 atoms"), "\(outcome.stderr)")
  }

  @Test func anInputPastTheLimitIsRefusedWithoutReadingIt() throws {
    let outcome = try ExecutableRunner.run(["trace", fixture, "--max-input-bytes", "1000"])
    #expect(outcome.status == 66)
    #expect(outcome.stderr.contains("larger than --max-input-bytes 1000"))
    // An endless standard input is refused at the limit, not read until memory runs out.
    let endless = try shell("\"$TOOL\" validate - --max-input-bytes 5000000 < /dev/zero; echo \"status $?\" >&2")
    #expect(endless.stderr.hasSuffix("status 66\n"), "\(endless.stderr)")
    #expect(try ExecutableRunner.run(["trace", fixture, "--max-input-bytes", "0"]).status == 64)
  }

  @Test func aDirectoryGivenToLiveIsAnError() throws {
    let outcome = try ExecutableRunner.run(["live", try folder().path])
    #expect(outcome.status == 66)
    #expect(outcome.stderr.contains("is a directory"))
  }

  // MARK: Outputs that are not regular files

  @Test func outputsThatAreNotRegularFilesAreRefused() throws {
    let directory = try folder()
    let fifo = directory.appending(path: "out.svg").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let refused = try ExecutableRunner.run([fixture, "-o", fifo])
    #expect(refused.status == 73)
    #expect(refused.stderr.contains("is a FIFO, not a regular file; refusing to replace it"))
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    let link = directory.appending(path: "stdout.svg").path
    #expect(symlink("/proc/self/fd/1", link) == 0)
    #expect(try ExecutableRunner.run([fixture, "-o", link]).status == 73)
    #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link was replaced")
  }

  @Test func aReplacedFileKeepsItsPermissions() throws {
    let output = try folder().appending(path: "private.html").path
    #expect(FileManager.default.createFile(atPath: output, contents: Data("old".utf8)))
    #expect(chmod(output, 0o600) == 0)
    let outcome = try ExecutableRunner.run(["report", fixture, "-o", output])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    var info = stat()
    #expect(stat(output, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
  }

  // MARK: Unix socket paths and addresses in use

  @Test func aFileAtTheSocketPathIsLeftAlone() throws {
    let path = try folder().appending(path: "events.sock").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8)))
    let outcome = try ExecutableRunner.run(["live", "--listen", "unix:\(path)"])
    #expect(outcome.status == 69)
    #expect(outcome.stderr.contains("exists and is not a socket"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
  }

  @Test func aTooLongSocketPathTouchesNothing() throws {
    let directory = try folder()
    let path = directory.appending(path: String(repeating: "s", count: 120)).path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("keep".utf8)))
    #expect(try ExecutableRunner.run(["live", "--listen", "unix:\(path)"]).status == 64)
    #expect(FileManager.default.contents(atPath: path) == Data("keep".utf8))
  }

  @Test func aStaleSocketIsReplacedAndOurOwnRemovedOnControlC() throws {
    let path = try folder().appending(path: "live.sock").path
    // A socket left behind by a listener that died: bound, never listened on.
    let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    close(stale)
    let outcome = try shell(
      """
      "$TOOL" live --listen 'unix:\(path)' & pid=$!
      trap 'kill -KILL $pid 2>/dev/null' EXIT
      sleep 0.7
      timeout 5 "$TOOL" live --listen 'unix:\(path)'; echo "second $?"
      kill -INT $pid; wait $pid; echo "first $?"
      [ -e '\(path)' ] && echo "still there" || echo "removed"
      """)
    #expect(outcome.stdoutText == "second 69\nfirst 130\nremoved\n", "\(outcome.stdoutText) \(outcome.stderr)")
    #expect(outcome.stderr.contains("another listener is using it"))
  }

  @Test func aPortInUseExits69() throws {
    let port = Int.random(in: 20_000..<40_000)
    let outcome = try shell(
      """
      "$TOOL" live --listen tcp:127.0.0.1:\(port) & pid=$!
      trap 'kill -KILL $pid 2>/dev/null' EXIT
      sleep 0.5
      timeout 5 "$TOOL" live --listen tcp:127.0.0.1:\(port); echo "second $?"
      """)
    #expect(outcome.stdoutText == "second 69\n", "\(outcome.stderr)")
    #expect(outcome.stderr.contains("tcp:127.0.0.1:\(port): cannot listen: address already in use"))
  }

  // MARK: Messages

  @Test func usageErrorsAreOneLine() throws {
    for arguments in [
      ["trace", "--bogus"], ["rendr", "x"], ["query"],
      ["trace", fixture, "--node", String(repeating: "n", count: 100_000)],
    ] {
      let outcome = try ExecutableRunner.run(arguments)
      #expect(outcome.status == 64)
      #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "\(arguments.prefix(2)): \(outcome.stderr.prefix(300))")
      #expect(outcome.stderr.count < 2_000, "a long name is cut")
    }
  }

  @Test func idsThatReadAsTheSameTextSaySo() throws {
    let input = try folder().appending(path: "same.json")
    try header(#""nodes":[{"id":"a\ud800","kind":"atom"},{"id":"a\udc00","kind":"atom"}],"edges":[]}"#).write(to: input)
    let outcome = try ExecutableRunner.run(["validate", input.path])
    #expect(outcome.status == 65)
    #expect(outcome.stderr.contains("lone surrogates (\\ud800) and invalid UTF-8 both read as U+FFFD"))
  }

  @Test func bidiMarksAreEscapedInTheTerminal() throws {
    let input = try folder().appending(path: "bidi.json")
    try header(
      #""nodes":[{"id":"a\u200fb\u061cc\u200ed","kind":"atom"}],"edges":[],"timeline":[{"seq":1,"kind":"write","node":"a\u200fb\u061cc\u200ed"}]}"#
    ).write(to: input)
    let outcome = try ExecutableRunner.run(["trace", input.path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    for mark in ["\u{200F}", "\u{061C}", "\u{200E}"] { #expect(!outcome.stdoutText.contains(mark)) }
    #expect(outcome.stdoutText.contains("a\\u{200F}b\\u{61C}c\\u{200E}d"), "\(outcome.stdoutText)")
  }

  // MARK: Timelines whose causes lie

  @Test(arguments: [
    (#"[{"seq":1,"kind":"action","cause":1}]"#, "timeline[0].cause: expected a cause before the entry's own seq 1"),
    (#"[{"seq":1,"kind":"action","cause":2},{"seq":2,"kind":"write","cause":1}]"#, "timeline[0].cause"),
    (
      #"[{"seq":3,"kind":"action"},{"seq":3,"kind":"write"}]"#,
      "timeline[1].seq: expected a seq no other entry has (timeline[0] has it)"
    ),
  ])
  func loopsForwardCausesAndRepeatedNumbersAreRejected(timeline: String, message: String) throws {
    let input = try folder().appending(path: "lying.json")
    try header(#""nodes":[],"edges":[],"timeline":"# + timeline + "}").write(to: input)
    for command in ["validate", "trace"] {
      let outcome = try ExecutableRunner.run([command, input.path])
      #expect(outcome.status == 65)
      #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }
  }

  // MARK: Output linear in the input

  @Test func aDeepChainPrintsInLinearSpace() throws {
    let depth = 30_000
    var entries = [#"{"seq":1,"kind":"action","store":"app","name":"go","action":1}"#]
    for seq in 2...depth { entries.append(#"{"seq":\#(seq),"kind":"evaluation","node":"n","cause":\#(seq - 1)}"#) }
    var edges: [String] = []
    for index in 0..<(depth - 1) { edges.append(#"{"from":"c\#(index)","to":"c\#(index + 1)"}"#) }
    let nodes = (0..<depth).map { #"{"id":"c\#($0)","kind":"selector"}"# } + [#"{"id":"n","kind":"selector"}"#]
    let input = try folder().appending(path: "deep.json")
    try header(
      #""nodes":[\#(nodes.joined(separator: ","))],"edges":[\#(edges.joined(separator: ","))],"timeline":[\#(entries.joined(separator: ","))]}"#
    ).write(to: input)
    let story = try ExecutableRunner.run(["trace", input.path])
    #expect(story.status == 0)
    #expect(story.stdout.count < depth * 120, "\(story.stdout.count) bytes for \(depth) entries")
    #expect(story.stdoutText.contains("[depth \(depth - 1)]"))
    let history = try ExecutableRunner.run(["trace", input.path, "--node", "n"])
    #expect(history.status == 0)
    #expect(history.stdout.count < depth * 200)
    #expect(
      history.stdoutText.hasSuffix("    <- because of #1 app go\n") || history.stdoutText.contains("because of #1"))
    let dependents = try ExecutableRunner.run(["query", input.path, "--dependents", "c0"])
    #expect(dependents.status == 0)
    #expect(dependents.stdout.count < depth * 80, "\(dependents.stdout.count) bytes")
  }

  @Test func aLongGlobPatternIsRefused() throws {
    let outcome = try ExecutableRunner.run(["trace", fixture, "--node", String(repeating: "*a", count: 1_000)])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.contains("is longer than 1000 bytes"), "\(outcome.stderr)")
  }

  // MARK: Graphs dot cannot lay out

  @Test func aLargeCycleIsDrawnBySfdpWithANote() throws {
    // 600 nodes all reaching each other (each node to the next, and to one 7 ahead): dot takes
    // minutes; sfdp a moment.
    let count = 600
    let nodes = (0..<count).map { #"{"id":"s\#($0)","kind":"selector"}"# }
    var edges: [String] = []
    for index in 0..<count {
      edges.append(#"{"from":"s\#(index)","to":"s\#((index + 1) % count)"}"#)
      edges.append(#"{"from":"s\#(index)","to":"s\#((index + 7) % count)"}"#)
    }
    let directory = try folder()
    let input = directory.appending(path: "cycle.json")
    try header(#""nodes":[\#(nodes.joined(separator: ","))],"edges":[\#(edges.joined(separator: ","))]}"#).write(
      to: input)
    let output = directory.appending(path: "cycle.svg").path
    let outcome = try ExecutableRunner.run([input.path, "-o", output, "--full"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("the graph has 600 nodes in cycles through each other"))
    #expect(outcome.stderr.contains("drawn with Graphviz's sfdp layout"))
    #expect(try String(contentsOfFile: output, encoding: .utf8).contains("<svg"))
  }

  // MARK: Live clients

  @Test func aStalledClientDelaysNoOtherAndIsClosed() throws {
    let events = ExecutableRunner.fixture("cart-demo/cart.events.jsonl")
    let socketPath = try folder().appending(path: "live.sock").path
    // Client A sends half a line and stops; client B's three lines are printed while A is
    // still connected; after --client-timeout A is closed with a warning.
    let outcome = try shell(
      """
      out=$(mktemp); "$TOOL" live --listen 'unix:\(socketPath)' --client-timeout 1 > "$out" & pid=$!
      trap 'kill -KILL $pid 2>/dev/null' EXIT
      sleep 0.5
      python3 - "$out" '\(events)' '\(socketPath)' <<'PY'
      import socket, sys, time
      out, events, path = sys.argv[1], sys.argv[2], sys.argv[3]
      lines = open(events).read().splitlines()
      def client():
          s = socket.socket(socket.AF_UNIX); s.connect(path); return s
      a = client(); a.sendall(lines[0][:20].encode())
      b = client(); b.sendall(("\\n".join(lines[1:4]) + "\\n").encode())
      for _ in range(50):
          time.sleep(0.1)
          if len(open(out).read().splitlines()) == 3: break
      print("while stalled:", len(open(out).read().splitlines()))
      time.sleep(1.5)
      b.close(); a.close()
      PY
      sleep 0.3
      """)
    #expect(outcome.stdoutText.contains("while stalled: 3"), "\(outcome.stdoutText) \(outcome.stderr)")
    #expect(
      outcome.stderr.contains(
        "unix:\(socketPath)#1: closed the connection: no data for 1.0 seconds in the middle of line 1"))
  }
}
