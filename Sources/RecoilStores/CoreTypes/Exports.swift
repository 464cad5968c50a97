// The types of RecoilConcurrency that are part of this module's API (`Delivery`,
// `SubscriptionStart`, `RecordingTiming`, `EvaluationStatistics`, `CallSite`,
// `RecordedReach`: its only public ones; its causal clock, locks and buffers are `package`),
// and those of RecoilReflection that stores' users describe actions and values with
// (`ActionDescription`, `ValuePreview`: its only public ones), so that an app needs no other
// import. RecoilAtoms exports the same RecoilConcurrency: the same types, never ambiguous.
@_exported import RecoilConcurrency
@_exported import RecoilReflection
