// What a cart costs: each line's price times its quantity (one when the line does not say).

export function lineTotal(line) {
  return line.price * line.quantity.valueOf();
}

export function cartTotal(cart) {
  return cart.lines.reduce((sum, line) => sum + lineTotal(line), 0);
}
