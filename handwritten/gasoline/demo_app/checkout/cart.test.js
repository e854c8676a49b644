import { test } from "node:test";
import assert from "node:assert/strict";
import { cartTotal } from "./cart.js";

test("a line without a quantity counts once", () => {
  assert.equal(cartTotal({ lines: [{ price: 12, quantity: 2 }, { price: 5 }] }), 29);
});
