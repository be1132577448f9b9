#pragma once
int plain;
