static const char kIV[16; x] = "0000000000000000";
static NSString *const kKey = @"k";
