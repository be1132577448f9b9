#pragma once
int util;
