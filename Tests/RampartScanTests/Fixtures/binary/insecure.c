// Mach-O test input for RampartScan: imports and C strings the scanner's binary rules look for.
#include <stddef.h>
extern const void *kSecAttrAccessibleAlways;
extern unsigned char *CC_MD5(const void *data, unsigned int len, unsigned char *md);
extern unsigned char *CC_SHA1(const void *data, unsigned int len, unsigned char *md);
extern int rand(void);
extern void srand(unsigned int);
extern int SecTrustEvaluate(void *trust, int *result);
extern void arc4random_buf(void *buf, size_t n);
extern void use(const void *, const char *);

void insecure(void) {
    unsigned char md[20];
    srand(1);
    use(kSecAttrAccessibleAlways, "http://api.example.com/v1/login");
    use(CC_MD5("x", 1, md), "http://www.w3.org/2000/svg");
    use(CC_SHA1("x", 1, md), "http://localhost:8080/debug");
    use((void *)(long)rand(), "AKIAIOSFODNN7EXAMPLE");
    use((void *)(long)SecTrustEvaluate(0, 0), "https://api.example.com/v1/ok");
    arc4random_buf(md, sizeof md);
}
