#pragma once
int shm_open_all(void);
