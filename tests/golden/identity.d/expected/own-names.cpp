/* The program's own names that are also CUDA prefix words: kept. */
int cu = 1;
static int cupti(int x) { return x + cu; }
