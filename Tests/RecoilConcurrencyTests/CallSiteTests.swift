import RecoilConcurrency
import Testing

/// A call site is plain data of 16 bytes (a store's action entry, which holds one, then fits a
/// cache line), and reads back the file and line it was made from.
@Suite struct CallSiteTests {
  @Test func aSiteIsSixteenBytesOfPlainData() {
    #expect(MemoryLayout<CallSite>.size == 16)
    #expect(_isPOD(CallSite.self))
  }

  @Test func aSiteReadsBackItsFileAndLine() {
    let site = CallSite(file: "CartDemo/CartScenario.swift", line: 42)
    #expect(site.file == "CartDemo/CartScenario.swift")
    #expect(site.lineNumber == 42)
    #expect(site.description == "CartDemo/CartScenario.swift:42")
    #expect(!site.isUnknown)
    #expect(CallSite.unknown.isUnknown && CallSite.unknown.file.isEmpty)
  }

  @Test func sitesAreEqualByTheirTextNotWhereItIsStored() {
    let literal: StaticString = "App/View.swift"
    let other: StaticString = "App/View.swift"
    #expect(CallSite(file: literal, line: 3) == CallSite(file: other, line: 3))
    #expect(CallSite(file: literal, line: 3) != CallSite(file: literal, line: 4))
    #expect(Set([CallSite(file: literal, line: 3), CallSite(file: other, line: 3)]).count == 1)
  }
}
