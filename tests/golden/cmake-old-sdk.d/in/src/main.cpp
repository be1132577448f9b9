int run();
int main() { return run(); }
