/* café ÿþ */
int latin1;
