// The types of RecoilConcurrency that are part of this module's API (`Delivery`,
// `SubscriptionStart`, `RecordingTiming`, `EvaluationStatistics`, `CallSite`,
// `RecordedReach`: its only public ones; its causal clock, locks and buffers are `package`),
// so that an app needs no other import. RecoilStores exports the same module: the same types,
// never ambiguous.
@_exported import RecoilConcurrency
