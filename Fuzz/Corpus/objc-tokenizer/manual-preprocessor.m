#define A(x) "x\
" /* a */ x
  # pragma mark - Thing
x = 0x1Fu + 1.5e-3 + 10'000 + .5;
@end