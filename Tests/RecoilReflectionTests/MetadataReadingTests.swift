import Testing

@testable import RecoilReflection

/// The metadata reader checks itself against `Mirror` once per process, and turns itself off
/// on any difference or when the environment asks.
@Suite struct MetadataReadingTests {
  @Test func onThisPlatformBothPathsAgreeOnEverySample() {
    #expect(MetadataReading.verdict == MetadataReading.Verdict(isEnabled: true, reason: nil))
    #expect(ReflectionCache().readsMetadata)
    // What the check compares, shown agreeing sample by sample.
    for sample in SelfCheckSamples.values {
      let byMetadata = MetadataReading.reading(sample, cache: ReflectionCache(readingFields: true, selfChecked: false))
      let byMirror = MetadataReading.reading(sample, cache: ReflectionCache(readingFields: false, selfChecked: false))
      #expect(byMetadata == byMirror, "\(type(of: sample))")
    }
  }

  @Test func theEnvironmentForcesTheMirrorPath() {
    let verdict = MetadataReading.decide(
      environment: [MetadataReading.environmentVariable: "mirror"], samples: SelfCheckSamples.values)
    #expect(!verdict.isEnabled)
    #expect(verdict.reason == "RECOIL_INSPECT_REFLECTION=mirror is set")
  }

  @Test func aDifferenceTurnsTheReaderOffAndSaysWhere() {
    // A reader that reads one type wrongly: the check finds it and names it.
    let verdict = MetadataReading.decide(environment: [:], samples: [1, SelfCheckSamples.Inner()]) { value, cache in
      value is SelfCheckSamples.Inner && cache.readsMetadata ? "wrong" : "right"
    }
    #expect(!verdict.isEnabled)
    #expect(verdict.reason?.contains("SelfCheckSamples.Inner") == true)
    #expect(verdict.reason?.contains("gave wrong, a Mirror right") == true)
    // A reader that agrees everywhere stays on.
    #expect(MetadataReading.decide(environment: [:], samples: [1, "a"]) { _, _ in "same" }.isEnabled)
  }
}
