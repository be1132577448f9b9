musaMalloc(&p, 4);
