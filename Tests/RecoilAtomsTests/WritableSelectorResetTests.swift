import Testing

@testable import RecoilAtoms

@Suite struct WritableSelectorResetTests {
  enum Temperature {
    static let celsius = Atom<Double>(20, key: "Temperature.celsius")
    static let unit = Atom<String>("C", key: "Temperature.unit")
    static let fahrenheit = WritableSelector<Double>(
      key: "Temperature.fahrenheit",
      get: { get in try get(celsius) * 9 / 5 + 32 },
      set: { set, value in try set.set(celsius, (value - 32) * 5 / 9) })
    /// Writes through `fahrenheit`, and writes `unit` itself.
    static let display = WritableSelector<Double>(
      key: "Temperature.display",
      get: { get in try get(fahrenheit) },
      set: { set, value in
        try set.set(fahrenheit, value)
        try set.set(unit, "F")
      })
  }

  @Test func resettingAWritableSelectorResetsTheAtomsItsSetterWrote() throws {
    let container = AtomContainer()
    try container.set(Temperature.fahrenheit, 212)
    #expect(try container.get(Temperature.celsius) == 100)
    container.reset(Temperature.fahrenheit)
    #expect(try container.get(Temperature.celsius) == 20)
    #expect(try container.get(Temperature.fahrenheit) == 68)
  }

  @Test func throughNestedWritableSelectorsEveryAtomWrittenIsReset() throws {
    let container = AtomContainer()
    try container.set(Temperature.display, 50)
    #expect(try container.get(Temperature.unit) == "F")
    #expect(try container.get(Temperature.celsius) == 10)
    container.reset(Temperature.display)
    #expect(try container.get(Temperature.unit) == "C")
    #expect(try container.get(Temperature.celsius) == 20)
  }

  @Test func aWritableSelectorNeverSetResetsNothing() throws {
    let container = AtomContainer()
    container.set(Temperature.celsius, 30)
    container.reset(Temperature.fahrenheit)
    #expect(try container.get(Temperature.celsius) == 30)
  }
}
