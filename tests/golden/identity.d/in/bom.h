#pragma once
int bom;
