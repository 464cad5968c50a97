// `Delivery` is part of this module's API (`Store.subscribe(delivery:_:)`).
@_exported import RecoilConcurrency
