// Inline PTX as LLM kernels write it: an instruction after a brace and a
// line break, in the second string of several, after a predicate, with a
// digit in its opcode. Each is PTX; the x86 ones at the end are not.
__device__ void copy16(void *dst, const void *src)
{
    asm volatile("{\n"
                 "   cp.async.cg.shared.global [%0], [%1], 16;\n"
                 "}\n" ::"r"(dst), "l"(src));
}

__device__ float fast_exp2(float x)
{
    float y;
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}

__device__ unsigned xor3(unsigned a, unsigned b, unsigned c)
{
    unsigned r;
    asm volatile("lop3.b32 %0, %1, %2, %3, 0x96;"
                 : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}

__device__ void flag_if(unsigned *p, unsigned pred)
{
    asm volatile("@%1 st.global.u32 [%0], 1;" ::"l"(p), "r"(pred));
}

static inline void host_side(void)
{
    asm volatile("" ::: "memory");
    asm("movl %eax, %ebx");
    asm volatile("rep; nop");
}

// PTX instructions without a type: no dot in them, PTX still.
__device__ void stop_here(bool bad)
{
    if (bad)
        asm volatile("exit;");
    asm("brkpt ;");
}
