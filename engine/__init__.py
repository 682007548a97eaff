"""Pure rules: state and inputs in, new state, events and questions out. No I/O, no wall clock."""
