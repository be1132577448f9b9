mixed
line
endings