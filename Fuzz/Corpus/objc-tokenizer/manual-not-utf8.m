NSLog(@"ÿþ %@", pÃ);
#import "À"
char c = '\'';
