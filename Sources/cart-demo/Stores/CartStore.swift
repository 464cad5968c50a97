import RecoilStores

/// The cart, in the slice style: lines and checkout are registered slices with their own reducers.
struct CartState: Equatable, Sendable, Codable {
  struct Line: Equatable, Sendable, Codable {
    var productID: String
    var quantity: Int
    var reserved = false
  }

  struct Checkout: Equatable, Sendable, Codable {
    enum Step: Equatable, Sendable, Codable {
      case browsing
      case address(String)
      case payment(method: String)
      case placed(orderNumber: Int)
    }

    var step = Step.browsing
    var coupon: String?
  }

  var lines: [Line] = []
  var checkout = Checkout()
}

enum CartAction: Equatable, Sendable, Codable {
  case add(productID: String)
  case setQuantity(productID: String, quantity: Int)
  case remove(productID: String)
  case reserved(productID: String)
  case applyCoupon(String)
  case enterAddress(String)
  case choosePayment(String)
  case placeOrder(number: Int)
}

enum CartReducers {
  static let lines = Reducer<[CartState.Line], CartAction> { lines, action in
    switch action {
    case .add(let id):
      if let index = lines.firstIndex(where: { $0.productID == id }) {
        lines[index].quantity += 1
      } else {
        lines.append(CartState.Line(productID: id, quantity: 1))
      }
    case .setQuantity(let id, let quantity):
      if let index = lines.firstIndex(where: { $0.productID == id }) { lines[index].quantity = quantity }
    case .remove(let id):
      lines.removeAll { $0.productID == id }
    case .reserved(let id):
      if let index = lines.firstIndex(where: { $0.productID == id }) { lines[index].reserved = true }
    case .placeOrder:
      lines = []
    case .applyCoupon, .enterAddress, .choosePayment:
      break
    }
  }

  static let checkout = Reducer<CartState.Checkout, CartAction> { checkout, action in
    switch action {
    case .applyCoupon(let code): checkout.coupon = code
    case .enterAddress(let address): checkout.step = .address(address)
    case .choosePayment(let method): checkout.step = .payment(method: method)
    case .placeOrder(let number): checkout.step = .placed(orderNumber: number)
    case .add, .setQuantity, .remove, .reserved: break
    }
  }

  /// Reserves stock for a product added to the cart, then reports it.
  static let reserveStock = Effect<CartState, CartAction>(
    id: "reserveStock", extract: { if case .add(let id) = $0 { id } else { nil } }
  ) { id, _, context in
    await Task.yield()
    context.send(.reserved(productID: id))
  }
}

enum CartSelectors {
  static let cartLines = StoreSelector(name: "cartLines", \CartState.lines)
  static let itemCount = StoreSelector(name: "itemCount", cartLines) { lines in lines.reduce(0) { $0 + $1.quantity } }
  static let isEmpty = StoreSelector(name: "isEmpty", itemCount) { $0 == 0 }
}
