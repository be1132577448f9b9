int scatter_cpu(int *p);
