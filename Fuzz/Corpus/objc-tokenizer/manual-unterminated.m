@"unterminated \
 continued
/* never closed "x" 
