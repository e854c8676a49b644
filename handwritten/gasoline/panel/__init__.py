"""The agent panel's daemon side: model providers behind one interface, and the egress stage."""
