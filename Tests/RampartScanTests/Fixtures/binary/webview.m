// Mach-O test input for RampartScan: an Objective-C class reference, selectors and an @"" string.
__attribute__((objc_root_class))
@interface UIWebView
+ (id)alloc;
- (void)setAllowsAnyHTTPSCertificate:(int)allow forHost:(id)host;
@end

void makeWebView(void) {
    [[UIWebView alloc] setAllowsAnyHTTPSCertificate:1 forHost:@"http://legacy.example.com/"];
}
