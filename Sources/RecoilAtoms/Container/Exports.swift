// `Delivery` is part of this module's API (`subscribe(_:delivery:_:)`).
@_exported import RecoilConcurrency
